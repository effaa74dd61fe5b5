/**
 * Every context's upcasters in one place (DESIGN.md "Events"): the server's event store reads the log
 * through `upcastEvents`, and so does the client wherever stored events arrive (socket, REST, imported
 * time-travel files). A context that renames an event or reshapes its payload adds its map here.
 */
import { createUpcaster } from '@strata/events';

export const upcastEvents = createUpcaster();
