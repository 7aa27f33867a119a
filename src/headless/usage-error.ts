/** Arguments or a file the command cannot use: exit status 2, with what to do in plain words. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
