// Sign-up to verified in a real browser, demo admins signing in through the form, and every account
// form once with JavaScript switched off (spec 3 §2, §4; STYLE.md "every form is exercised once with
// JavaScript disabled").
import { generate } from "otplib";
import { expect, test, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { featureFlags } from "#drizzle/schema/access";
import { users } from "#drizzle/schema/auth";
import { DEMO_PASSWORD, DEMO_USERS, seed as seedDemoUsers } from "#drizzle/seed/demo-users";
import { FLAG_CACHE_MS } from "~/server/flags.server";
import { ADMIN_ROUTE_PERMISSIONS, hasPermission, permissionsForRoles } from "~/server/permissions.server";
import { ADMIN_SECTION_LABELS } from "~/utils/admin-sections";
import { readOutbox, TEST_PASSWORD, uniqueEmail } from "../support/auth";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";

test.afterAll(closeE2eDb);

/** The one link of the newest email to `to`, as a path on the app. */
async function emailedLink(to: string): Promise<string> {
  await expect.poll(async () => (await readOutbox(to)).length, { message: `an email to ${to}` }).toBeGreaterThan(0);
  const messages = await readOutbox(to);
  const link = new URL(messages[messages.length - 1].links[0]);
  return `${link.pathname}${link.search}`;
}

async function fillSignUp(page: Page, values: { name: string; email: string; password: string }) {
  await page.getByLabel("Name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password").fill(values.password);
  await page.getByRole("button", { name: "Sign up" }).click();
}

test("sign up, open the emailed link, land on pricing as a new sign-up, then reach the style step", async ({ page }) => {
  const email = uniqueEmail("e2e-signup");
  await page.goto("/sign-up");
  await fillSignUp(page, { name: "New Artist", email, password: "a-good-password" });
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Verified-only pages send an unverified user back to /verify.
  await page.goto("/create");
  await expect(page).toHaveURL(/\/verify$/);

  await page.goto(await emailedLink(email));
  await expect(page).toHaveURL(/\/pricing\?new_sign_up=true$/);

  await page.goto("/create");
  await expect(page).toHaveURL(/\/style$/);
});

test("social sign-in through the local OAuth stand-in lands on redirectFrom, verified", async ({ page }) => {
  await page.goto("/sign-in?redirectFrom=%2Fcreate");
  const google = page.getByRole("button", { name: /Continue with Google/ });
  await google.click();
  await expect(page.getByRole("heading", { name: "Local OAuth stand-in for Google" })).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail("e2e-google"));
  await page.getByLabel("Name").fill("Stand-in User");
  await page.getByRole("button", { name: "Continue as this Google user" }).click();
  // /create is verified-only: reaching the style step proves the social account counts as verified.
  await expect(page).toHaveURL(/\/style$/);
});

test.describe("demo admins sign in through the form and see what their role allows", () => {
  test.beforeAll(async () => {
    await seedDemoUsers(e2eDb());
  });

  for (const demo of DEMO_USERS.filter((candidate) => candidate.isAdmin)) {
    test(demo.kind, async ({ page }) => {
      await page.goto("/sign-in?redirectFrom=%2Fadmin");
      await page.getByLabel("Email").fill(demo.email);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      // The first admin sign-in enrols the staff second factor (TOTP), then continues to the dashboard.
      await expect(page).toHaveURL(/\/admin\/second-factor\?redirectFrom=%2Fadmin$/);
      const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
      await page.getByLabel("2. Enter the code the app shows").fill(await generate({ secret }));
      await page.getByRole("button", { name: "Finish setup" }).click();
      await page.getByRole("link", { name: "Continue to the admin area" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

      const roles = demo.role ? [demo.role] : [];
      const subject = { isAdmin: true, roles, permissions: permissionsForRoles(roles) };
      const sections = ADMIN_ROUTE_PERMISSIONS.filter(({ pattern }) => pattern.split("/").length === 3);
      for (const { pattern, anyOf } of sections) {
        const link = page.getByRole("link", { name: ADMIN_SECTION_LABELS[pattern.split("/")[2]], exact: true });
        await (hasPermission(subject, anyOf) ? expect(link).toBeVisible() : expect(link).toHaveCount(0));
      }

      const forbidden = sections.find(({ anyOf }) => !hasPermission(subject, anyOf));
      if (forbidden) {
        await page.goto(forbidden.pattern);
        await expect(page).toHaveURL(/\/admin$/);
      }
      const allowed = sections.find(({ anyOf }) => hasPermission(subject, anyOf));
      if (allowed) {
        await page.goto(allowed.pattern);
        await expect(page).toHaveURL(new RegExp(`${allowed.pattern}$`));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
    });
  }

  test("a regular demo user is sent Home from the admin area", async ({ page }) => {
    const regular = DEMO_USERS.find((candidate) => candidate.kind === "verified user")!;
    await page.goto("/sign-in?redirectFrom=%2Fadmin");
    await page.getByLabel("Email").fill(regular.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-up shows its field errors, then creates the account", async ({ page }) => {
    await page.goto("/sign-up");
    await fillSignUp(page, { name: "", email: "not-an-email", password: "short" });
    await expect(page.getByText("Enter your name.")).toBeVisible();
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Use at least 8 characters.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");

    const email = uniqueEmail("e2e-nojs");
    await fillSignUp(page, { name: "No Script", email, password: "a-good-password" });
    await expect(page).toHaveURL(/\/verify$/);
  });

  test("sign-in shows a wrong password, then signs in and returns to redirectFrom", async ({ page }) => {
    const { user } = await signedInUser({});
    await page.goto("/sign-in?redirectFrom=%2Fpricing");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("forgot and reset password, with a mismatch error on the way", async ({ page }) => {
    const { user } = await signedInUser({});
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    await page.goto(await emailedLink(user.email));
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password");
    await page.getByLabel("Repeat new password").fill("something-else");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The passwords do not match.")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password");
    await page.getByLabel("Repeat new password").fill("brand-new-password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/sign-in\?reset=1$/);
    await expect(page.getByRole("status")).toHaveText("Your password has been changed. Sign in with your new password.");
  });

  test("verify: resend a link", async ({ page, context, baseURL }) => {
    const { user, cookie } = await signedInUser({ verified: false });
    await useCookies(context, cookie, baseURL!);
    await page.goto("/verify");
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect(page.getByRole("status")).toHaveText(`We sent a new link to ${user.email}.`);
    await page.goto(await emailedLink(user.email));
    await expect(page).toHaveURL(/\/pricing\?new_sign_up=true$/);
  });

  test("terms dialog: accept keeps the user on the page, cancel signs out", async ({ page, context, baseURL }) => {
    const accepter = await signedInUser({ termsAccepted: false });
    const canceller = await signedInUser({ termsAccepted: false });
    await setTermsEnforcement(true);
    try {
      await useCookies(context, accepter.cookie, baseURL!);
      // The flag was switched in the database, not through the admin page, so the server sees it once
      // its copy of the flags expires (FLAG_CACHE_MS), as any other server process would.
      await expect(async () => {
        await page.goto("/pricing");
        await expect(page.getByRole("dialog", { name: "Our terms of use have changed" })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: FLAG_CACHE_MS + 10_000 });
      await page.getByRole("button", { name: "Accept" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const [accepted] = await e2eDb().select().from(users).where(eq(users.id, accepter.user.id));
      expect(accepted.termsOfUseStatus).toBe("ACCEPTED");

      await context.clearCookies();
      await useCookies(context, canceller.cookie, baseURL!);
      await page.goto("/pricing");
      await page.getByRole("button", { name: "Cancel and sign out" }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/verify");
      await expect(page).toHaveURL(/\/sign-in\?redirectFrom=%2Fverify$/);
    } finally {
      await setTermsEnforcement(false);
    }
  });
});

/**
 * The enforcement flag is global. It is on only for the moments of the test above; users made by the
 * e2e factories have accepted the terms, so no other test meets the dialog meanwhile.
 */
async function setTermsEnforcement(active: boolean) {
  await e2eDb().update(featureFlags).set({ active }).where(eq(featureFlags.key, "terms_of_use_enforce_for_all_users"));
}
