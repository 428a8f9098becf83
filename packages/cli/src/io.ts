/** Where the command writes: stdout for results, stderr for notes and errors. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Resolves relative paths (default `process.cwd()`). */
  readonly cwd?: string | undefined;
}

export const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};
