// Runs PickerLists.load against a service that cannot be reached, as a program: Jest's `process`
// is its own copy, which never hears of an unhandled rejection, while Node run by itself ends on
// one with exit code 1, as a page reports it as an uncaught error. Prints what the status bar
// showed and which pickers were told what, as JSON.
//   node --import tsx picker-lists-run.ts <lists-fail|lists-load>
import { ConnectionError } from "../../../../../../src/client/errors";
import type { ReportingRuntime } from "../../../../../../src/core/runtime/reporting-runtime";
import { plainMessage, type StatusBar } from "../../../../../../src/taskpane/shell/status";
import type { PeriodNote } from "../../../../../../src/taskpane/tabs/query/period-note";
import { PickerLists } from "../../../../../../src/taskpane/tabs/query/picker-lists";
import type { QueryForm } from "../../../../../../src/taskpane/tabs/query/query-form";

const scenario = process.argv[2];
const unreachable = () => new ConnectionError({ route: "/dates", likelyCause: "network" });
const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

// The dates fail at once; the lists answer (or fail) a moment later, as when the browser's
// answers come in separate tasks.
const runtime = {
  reference: ((name: string) => {
    if (name === "dates") return Promise.reject(unreachable());
    const list = later(name === "details" ? { organizations: [] } : [], 30);
    return scenario === "lists-fail" ? list.then(() => Promise.reject(unreachable())) : list;
  }) as ReportingRuntime["reference"],
};

const unavailable: string[] = [];
const filled: string[] = [];
const form = {
  pickers: {},
  setFilterLoading: () => undefined,
  setAvailablePeriod: () => undefined,
  setFilterOptions: (filter: string) => void filled.push(filter),
  setFilterUnavailable: (filter: string) => void unavailable.push(filter),
} as unknown as QueryForm;
const shown: { text: string; kind: string }[] = [];
const status = {
  show: (text: string, kind = "info") => void shown.push({ text, kind }),
  success: (text: string) => void shown.push({ text, kind: "success" }),
} as unknown as StatusBar;
const loadingNote = { textContent: "" } as HTMLElement;
const periodNote = { dataThrough: () => undefined } as unknown as PeriodNote;

async function main(): Promise<void> {
  await new PickerLists(form, periodNote, runtime, status, loadingNote).load();
  await later(undefined, 10);
  process.stdout.write(
    JSON.stringify({
      shown,
      filled,
      unavailable,
      loadingNote: loadingNote.textContent,
      reason: plainMessage(unreachable()),
    }),
  );
}

void main();
