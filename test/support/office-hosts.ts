/**
 * The requirement sets of the hosts that install the add-in, for the fakes' `requirementSets`
 * (the full Microsoft 365 set is the fakes' default: every set).
 */

/**
 * Office 2021 (perpetual, volume-licensed): ExcelApi 1.14 and CustomFunctionsRuntime 1.3. Custom
 * functions return bare serial dates; no valuesAsJson, no PivotTable.getDataSourceString (1.15).
 */
export const OFFICE_2021 = ["ExcelApi 1.14", "CustomFunctionsRuntime 1.3", "SharedRuntime 1.1"];

/** A build whose ExcelApi reports 1.16 or later without the data types of CustomFunctionsRuntime 1.4 (office-js 3504). */
export const EXCELAPI_WITHOUT_DATA_TYPES = ["ExcelApi 1.19", "CustomFunctionsRuntime 1.3", "SharedRuntime 1.1"];
