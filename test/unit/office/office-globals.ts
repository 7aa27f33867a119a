export { CUSTOM_FUNCTIONS, StandInFunctionError, withGlobals } from "../../support/excel-stand-ins";

/** An Office global whose requirement sets are the given ones ("ExcelApi 1.16"). */
export function officeSupporting(sets: string[]) {
  return {
    context: {
      requirements: {
        isSetSupported(name: string, version: string) {
          return sets.some((set) => {
            const [setName, setVersion = "1.1"] = set.split(" ");
            return setName === name && Number(setVersion.split(".")[1]) >= Number(version.split(".")[1]);
          });
        },
      },
    },
  };
}
