import { describe, expect, it } from "vitest";
import { transactionPooler } from "./db.ts";

describe("transactionPooler", () => {
  it("takes Supabase's transaction pooler port, 6543, for a pooler", () => {
    const url =
      "postgres://postgres.ref:secret@aws-0-eu-central-1.pooler.supabase.com:6543/postgres";
    expect(transactionPooler(url)).toEqual({ url, pooled: true });
  });

  it("takes a direct connection, and the pooler's session mode on 5432, for none", () => {
    for (const url of [
      "postgres://postgres:secret@db.ref.supabase.co:5432/postgres",
      "postgres://postgres.ref:secret@aws-0-eu-central-1.pooler.supabase.com:5432/postgres",
      "postgres://postgres@127.0.0.1/postgres",
    ]) {
      expect(transactionPooler(url)).toEqual({ url, pooled: false });
    }
  });

  it("follows pgbouncer=true or false in the URL, and removes it before connecting", () => {
    expect(transactionPooler("postgres://u@db.example:6432/app?pgbouncer=true")).toEqual({
      url: "postgres://u@db.example:6432/app",
      pooled: true,
    });
    expect(
      transactionPooler("postgres://u@db.example:6543/app?sslmode=require&pgbouncer=false"),
    ).toEqual({ url: "postgres://u@db.example:6543/app?sslmode=require", pooled: false });
  });
});
