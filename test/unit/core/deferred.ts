/** A promise settled by the test, to hold a load in flight as long as a test needs. */
export interface Deferred<Value> {
  promise: Promise<Value>;
  resolve: (value: Value) => void;
  reject: (error: unknown) => void;
}

export function deferred<Value>(): Deferred<Value> {
  let resolve!: (value: Value) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Value>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round++) await Promise.resolve();
}
