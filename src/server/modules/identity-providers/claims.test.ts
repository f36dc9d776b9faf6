import { describe, expect, it } from "vitest";
import { personFromOidc, personFromSaml, roleFrom } from "./claims.ts";

const rules = {
  roleClaim: "eduPersonAffiliation",
  instructorValues: ["Faculty", "staff"],
  studentValues: ["student"],
  defaultRole: "student" as const,
  emailDomains: ["uni.test"],
};

describe("the role a provider's claims give", () => {
  it("takes the instructor role first, compares without case, and reads scoped values", () => {
    expect(roleFrom({ eduPersonAffiliation: ["member", "student", "FACULTY"] }, rules)).toBe("instructor");
    expect(roleFrom({ eduPersonAffiliation: "staff@uni.test" }, rules)).toBe("instructor");
    expect(roleFrom({ eduPersonAffiliation: ["student"] }, { ...rules, defaultRole: "instructor" })).toBe(
      "student",
    );
  });

  it("falls back to the default role, and never grants an administrator's role", () => {
    expect(roleFrom({ eduPersonAffiliation: ["admin", "super_admin"] }, rules)).toBe("student");
    expect(roleFrom({}, { ...rules, defaultRole: "instructor" })).toBe("instructor");
    expect(roleFrom({ eduPersonAffiliation: "faculty" }, { ...rules, roleClaim: null })).toBe("student");
    expect(roleFrom({ eduPersonAffiliation: 42 }, rules)).toBe("student");
  });
});

describe("a person from OpenID Connect claims", () => {
  it("reads the e-mail (lower-cased), its verification and the name", () => {
    expect(
      personFromOidc(
        {
          sub: "abc",
          email: " Ada@Uni.Test ",
          email_verified: "true",
          given_name: "Ada",
          family_name: "Lovelace",
        },
        rules,
      ),
    ).toEqual({
      subject: "abc",
      email: "ada@uni.test",
      emailVerified: true,
      name: "Ada Lovelace",
      role: "student",
    });
  });

  it("counts an e-mail as unverified unless the provider says so, and names a person without a name", () => {
    const person = personFromOidc({ sub: "xyz", email: "bob@uni.test" }, rules);
    expect(person).toMatchObject({ emailVerified: false, name: "bob" });
    expect(personFromOidc({ sub: "s-1", email: "not an e-mail", email_verified: true }, rules)).toMatchObject(
      {
        email: null,
        emailVerified: false,
        name: "s-1",
      },
    );
  });
});

describe("a person from SAML attributes", () => {
  it("reads the e-mail and name by OID or friendly name, verified only within the provider's domains", () => {
    const inside = personFromSaml(
      { "urn:oid:0.9.2342.19200300.100.1.3": "Grace@uni.test", givenName: "Grace", sn: "Hopper" },
      "grace-id",
      rules,
    );
    expect(inside).toEqual({
      subject: "grace-id",
      email: "grace@uni.test",
      emailVerified: true,
      name: "Grace Hopper",
      role: "student",
    });
    const outside = personFromSaml({ mail: "grace@gmail.test", displayName: "G. H." }, "grace-id", rules);
    expect(outside).toMatchObject({ email: "grace@gmail.test", emailVerified: false, name: "G. H." });
  });

  it("takes an e-mail-shaped NameID when no attribute carries the address", () => {
    expect(personFromSaml({}, "alan@uni.test", rules)).toMatchObject({
      email: "alan@uni.test",
      name: "alan",
    });
  });
});
