// "Continue with Google" and friends: one small POST form per provider, so they work without JavaScript.
// /auth/$provider starts the OAuth redirect; redirectFrom rides along to where sign-in ends.
import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/button";

export function SocialButtons({
  providers,
  redirectFrom,
}: {
  providers: { provider: string; label: string; standin: boolean }[];
  redirectFrom: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3 border-t border-ink-700 pt-5">
      {providers.map(({ provider, label, standin }) => (
        // A full page load: the answer is a redirect to the provider, a different site.
        <Form key={provider} method="post" action={`/auth/${provider}`} reloadDocument>
          <input type="hidden" name="redirectFrom" value={redirectFrom} />
          <button type="submit" className={`${buttonClass("secondary")} w-full`}>
            Continue with {label}
            {standin ? <span className="text-xs font-normal text-slate-400">(local stand-in)</span> : null}
          </button>
        </Form>
      ))}
    </div>
  );
}
