import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { isBlockedAddress, pinnedLookup, resolveAllowedAddresses } from "../../src/network-guard.js";
import type { HostResolver } from "../../src/network-guard.js";

// Note: nothing here opens a connection; DNS is a stub and the guard only decides.
const stubDns =
  (answers: Record<string, string[][]>): HostResolver & { calls: string[] } => {
    const calls: string[] = [];
    const resolver = async (hostname: string): Promise<LookupAddress[]> => {
      const turn = calls.filter((call) => call === hostname).length;
      calls.push(hostname);
      const addresses = answers[hostname]?.[Math.min(turn, answers[hostname].length - 1)];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    return Object.assign(resolver, { calls });
  };

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "not an address",
  ])("blocks %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:93.184.216.34"])(
    "lets the public address %s through",
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe("resolveAllowedAddresses", () => {
  it("refuses the cloud metadata address and IP literals in private ranges", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://[::ffff:127.0.0.1]/", "http://10.0.0.8/report.pdf"]) {
      await expect(resolveAllowedAddresses(new URL(url), { resolveHost: stubDns({}) })).rejects.toMatchObject({ code: "URL_BLOCKED" });
    }
  });

  it("refuses a name with any private address among its answers", async () => {
    const resolveHost = stubDns({ "docs.example": [["93.184.216.34", "10.0.0.5"]] });
    await expect(resolveAllowedAddresses(new URL("https://docs.example/a.pdf"), { resolveHost })).rejects.toMatchObject({
      code: "URL_BLOCKED",
      status: 403,
    });
  });

  it("refuses protocols other than http(s)", async () => {
    await expect(resolveAllowedAddresses(new URL("ftp://docs.example/a.pdf"), { resolveHost: stubDns({}) })).rejects.toMatchObject({
      code: "URL_BLOCKED",
    });
  });

  it("lets private addresses through when told to", async () => {
    const addresses = await resolveAllowedAddresses(new URL("http://intranet.example/a.pdf"), {
      allowPrivateNetworks: true,
      resolveHost: stubDns({ "intranet.example": [["10.0.0.5"]] }),
    });
    expect(addresses).toEqual([{ address: "10.0.0.5", family: 4 }]);
  });

  it("reports a name that does not resolve as a fetch failure", async () => {
    await expect(resolveAllowedAddresses(new URL("https://nowhere.example/"), { resolveHost: stubDns({}) })).rejects.toMatchObject({
      code: "DOCUMENT_FETCH_FAILED",
    });
  });

  it("pins the checked answer, so a rebinding second answer is never used", async () => {
    // First answer public, every later one private: a classic rebinding name.
    const resolveHost = stubDns({ "rebind.example": [["93.184.216.34"], ["127.0.0.1"]] });
    const addresses = await resolveAllowedAddresses(new URL("https://rebind.example/a.pdf"), { resolveHost });
    const lookup = pinnedLookup(addresses);
    const viaConnect = await new Promise<unknown>((resolve, reject) =>
      lookup("rebind.example", { all: true }, (error, result) => (error ? reject(error) : resolve(result))),
    );
    const single = await new Promise<unknown>((resolve) => lookup("rebind.example", {}, (_error, address) => resolve(address)));
    expect(viaConnect).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(single).toBe("93.184.216.34");
    expect(resolveHost.calls).toEqual(["rebind.example"]);
    // Had the connection asked DNS again, it would have got the private answer, which the guard refuses.
    await expect(resolveAllowedAddresses(new URL("https://rebind.example/a.pdf"), { resolveHost })).rejects.toMatchObject({
      code: "URL_BLOCKED",
    });
  });
});
