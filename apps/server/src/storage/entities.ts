/** Every TypeORM entity of the metadata database. Add a module's entities here. */
import type { MixedList, EntitySchema } from 'typeorm';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const entities: MixedList<Function | string | EntitySchema> = [];
