// JSON the tests read field by field (the sandbox's admin view, a command's --json output):
// its shape is what the assertions check, so it is not typed ahead of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reason is above
export type Json = any;
