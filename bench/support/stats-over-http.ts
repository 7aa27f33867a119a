import type { StatsRequest } from "../../src/api";

/** POST /stats as a client sends it, the answer read whole into objects (as the SQL leg yields rows). */
export async function statsOverHttp(baseUrl: string, token: string, request: StatsRequest): Promise<unknown> {
  const response = await fetch(`${baseUrl}/stats`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(request),
  });
  if (response.status !== 200)
    throw new Error(`/stats answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response.json();
}
