/** Profiles as a user would type them, shared by the profile and runtime tests. */
export const TOKEN = "a".repeat(64) + "_0f8fad5b-d9cb-469f-a165-70867728950e";

export function bearer(name: string, token = TOKEN) {
  return { name, kind: "bearer", baseUrl: "http://127.0.0.1:8787", legacyBaseUrl: "http://127.0.0.1:8787", token };
}

export function legacy(name: string) {
  return {
    name,
    kind: "legacy",
    baseUrl: "https://reporting.example.com",
    legacyBaseUrl: "https://legacy.example.com",
    apiKey: "key-123",
    apiSecret: "secret-456",
  };
}
