/** Log levels, matching VS Code's LogOutputChannel methods. */
export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";

/** Where the client writes its log lines; the extension wires it to its LogOutputChannel. */
export type LogFn = (level: LogLevel, message: string) => void;

/** A log function that drops everything. */
export const silentLog: LogFn = () => undefined;
