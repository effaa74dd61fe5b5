/**
 * sqllab-and-platform §8 Toasts in the editor: SQL Lab's messages as named constants. The texts live in the platform
 * catalogue (one wording for client, server and tests); this names them for SQL Lab's code.
 */
import { EditorErrorMessages } from '../platform/errors/messages';

export const SqlLabMessages = {
  ...EditorErrorMessages,
  /** sqllab-and-platform §9: the warning when browser storage is nearly full (the spec's constants 5120 and 0.9). */
  BROWSER_STORAGE_NEARLY_FULL:
    "SQL Lab uses your browser's local storage to store queries and results. Currently, you are using %s KB out of %s KB storage space. To keep SQL Lab from crashing, please delete some query tabs. You can re-access these queries by using the Save feature before you delete the tab. Note that you will need to close other SQL Lab windows before you do this.",
} as const;

export type SqlLabMessageKey = keyof typeof SqlLabMessages;
