import { Database } from "../../../../src/emulator/store/database";

describe("database pool", () => {
  it("answers concurrent queries each with its own values", async () => {
    const database = await Database.open(2);
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          database.query("SELECT $1::INTEGER * 2 AS doubled, $2 AS label", [index, `q${index}`]),
        ),
      );
      answers.forEach((rows, index) => expect(rows).toEqual([{ doubled: index * 2, label: `q${index}` }]));
    } finally {
      await database.close();
    }
  });

  it("keeps answering correctly once more statement shapes were seen than it keeps prepared", async () => {
    const database = await Database.open(1);
    try {
      for (let shape = 0; shape < 300; shape++) {
        expect(await database.query(`SELECT $1::INTEGER + ${shape} AS sum`, [1])).toEqual([{ sum: shape + 1 }]);
      }
      expect(await database.query("SELECT $1::INTEGER + 0 AS sum", [41])).toEqual([{ sum: 41 }]);
    } finally {
      await database.close();
    }
    // 301 statements prepared one after the other: about 1 s alone, over Jest's 5 s default on
    // two cores busy with a second worker and Chromium.
  }, 30_000);

  it("lets running queries finish on close and refuses later ones", async () => {
    const database = await Database.open(1);
    const running = database.query("SELECT count(*)::INTEGER AS n FROM range(2000000)");
    await database.close();
    expect(await running).toEqual([{ n: 2_000_000 }]);
    await expect(database.query("SELECT 1")).rejects.toThrow(/closed/);
  });
});
