/**
 * Runs tasks one after the other, in the order given. Preparing an export is CPU-bound and takes
 * a few times the file's size while it runs (text, rewritten text, bytes): side by side, ten
 * preparations take ten times the memory and finish no sooner on one event loop.
 */
export class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(task);
    this.last = result.catch(() => undefined);
    return result;
  }
}
