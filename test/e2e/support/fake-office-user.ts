/**
 * What the user does in Excel while the add-in works, added on top of the recording fake
 * (`installFakeOffice` must have run first; in a page, add this init script after it):
 *
 * - **Cell-edit mode.** While the user types in a cell, Excel refuses every request of a batch
 *   with `InvalidOperationInCellEditMode` ("Excel is in cell-editing mode...", office-js issues
 *   625, 3388), unless the batch was started with `Excel.run({ delayForCellEdit: true }, ...)`
 *   (ExcelApi 1.11): Excel then holds each of its requests until the user leaves the cell
 *   (Excel.RunOptions). Each `context.sync()` is a request, and so is the one `Excel.run` makes
 *   at its end: a batch that started before the user began typing fails (or waits) at its next one.
 * - **Multi-area selections.** With several areas selected, `getSelectedRange()` fails at the
 *   sync ("If there are multiple ranges selected, this method will throw an error", typings of
 *   ExcelApi 1.1; the error code is not documented, `InvalidSelection` is assumed here) and
 *   `getSelectedRanges()` (ExcelApi 1.9) reads them as a RangeAreas.
 *
 * Like `installFakeOffice`, it runs inside the page when given to `page.addInitScript`, so it must
 * not use anything from outside its own body.
 */

/** `window.__officeFakeUser`: the user's side of the fake. */
export interface FakeUserControl {
  /** The user starts typing in a cell and stays in edit mode until `stopEditing`. */
  startEditing(): void;
  /** The user presses Enter: the batches Excel held run, in the order they asked. */
  stopEditing(): void;
  /** Selects several areas at once, each with its sheet (`Sheet1!B2`, `Sheet1!D4:E6`). */
  selectAreas(addresses: string[]): void;
  /** Requests Excel refused because the user was editing a cell. */
  failedInCellEdit(): number;
  /** Requests Excel held until the user left the cell (delayForCellEdit). */
  heldForCellEdit(): number;
}

export function installFakeUser(): void {
  type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const win = window as Any;
  const excel = win.Excel as Any;
  const fakeControl = win.__officeFakeControl as Any;
  if (!excel || !fakeControl) throw new Error("installFakeUser runs after installFakeOffice");
  const richApiError = (code: string, message: string) =>
    Object.assign(new Error(message), { name: "RichApi.Error", code, debugInfo: { code, message } });

  let editing = false;
  let held: (() => void)[] = [];
  let failed = 0;
  let heldCount = 0;
  let areas: string[] | undefined;

  /** One request of a batch, as Excel treats it while the user may be editing a cell. */
  const request = async (delayForCellEdit: boolean) => {
    if (!editing) return;
    if (!delayForCellEdit) {
      failed++;
      throw richApiError(
        "InvalidOperationInCellEditMode",
        "Excel is in cell-editing mode. Please exit the edit mode by pressing ENTER or TAB or selecting another cell, and then try again.",
      );
    }
    heldCount++;
    await new Promise<void>((resolve) => held.push(resolve));
  };

  const originalRun = excel.run as (callback: (context: Any) => Promise<unknown>) => Promise<unknown>;
  excel.run = async (...args: unknown[]) => {
    const callback = args[args.length - 1] as (context: Any) => Promise<unknown>;
    const runOptions = (args.length > 1 ? args[0] : undefined) as { delayForCellEdit?: boolean } | undefined;
    const delay = runOptions?.delayForCellEdit === true;
    return originalRun(async (context: Any) => {
      const sync = context.sync as () => Promise<void>;
      // Set by a call whose request Excel will refuse: the next sync fails with it.
      let refusal: Error | undefined;
      const afterSync: (() => void)[] = [];
      context.sync = async () => {
        await request(delay);
        if (refusal) {
          const error = refusal;
          refusal = undefined;
          afterSync.length = 0;
          throw error;
        }
        await sync();
        for (const settle of afterSync.splice(0)) settle();
      };
      const workbook = context.workbook;
      const getSelectedRange = workbook.getSelectedRange as () => Any;
      workbook.getSelectedRange = () => {
        if (areas) refusal ??= richApiError("InvalidSelection", "The current selection is invalid for this operation.");
        return getSelectedRange();
      };
      workbook.getSelectedRanges = () => {
        const single = areas ? undefined : getSelectedRange();
        single?.load("address");
        let read: { areaCount: number; address: string } | undefined;
        const notLoaded = (name: string) =>
          new Error(`fake Excel: RangeAreas.${name} was read before load() and sync()`);
        const rangeAreas: Any = {
          load: () => {
            afterSync.push(() => {
              read = areas
                ? { areaCount: areas.length, address: areas.join(",") }
                : { areaCount: 1, address: single.address as string };
            });
            return rangeAreas;
          },
        };
        Object.defineProperty(rangeAreas, "areaCount", {
          get: () =>
            read
              ? read.areaCount
              : (() => {
                  throw notLoaded("areaCount");
                })(),
        });
        Object.defineProperty(rangeAreas, "address", {
          get: () =>
            read
              ? read.address
              : (() => {
                  throw notLoaded("address");
                })(),
        });
        return rangeAreas;
      };
      const result = await callback(context);
      // Excel.run's own last request waits (or fails) like any other.
      await request(delay);
      if (refusal) throw refusal;
      return result;
    });
  };

  const select = fakeControl.select as (address: string) => void;
  fakeControl.select = (address: string) => {
    areas = undefined;
    select(address);
  };

  const control: FakeUserControl = {
    startEditing: () => {
      editing = true;
    },
    stopEditing: () => {
      editing = false;
      const waiting = held;
      held = [];
      for (const resume of waiting) resume();
    },
    selectAreas: (addresses) => {
      select(addresses[0]!);
      areas = addresses.length > 1 ? [...addresses] : undefined;
    },
    failedInCellEdit: () => failed,
    heldForCellEdit: () => heldCount,
  };
  win.__officeFakeUser = control;
}
