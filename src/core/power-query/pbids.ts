/**
 * A Power BI data source file (`.pbids`, Microsoft's "Use PBIDS files to get data"): opening it
 * starts Power BI Desktop's Get data on the feed's URL with the OData connector. It holds no
 * credential (Power BI asks for one) and no M, so a period word's days are written as they
 * are today.
 */
export function pbidsText(url: string): string {
  const file = {
    version: "0.1",
    connections: [{ details: { protocol: "odata", address: { url } }, options: {}, mode: null }],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
