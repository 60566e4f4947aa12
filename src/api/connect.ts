// connect() moved to src/connect.ts (it composes the transport and the sandbox, so it sits
// above both). This re-export remains only for src/run/import.ts, which is being restructured
// on another branch; once that lands it imports ../connect.js and this file goes.
export { connect, type Connection, type ConnectOptions } from '../connect.js';
