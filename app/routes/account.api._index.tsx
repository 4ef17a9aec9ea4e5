// /account/api: the account's way into the public API: its tokens, its webhook endpoints and the
// documentation (/developers).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Section } from "~/components/account/account-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireVerifiedUser } from "~/server/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedUser(request);
  return json({});
}

export default function AccountApiPage() {
  const link = "text-accent-300 underline";
  return (
    <div className="space-y-6">
      <Section title="Use Songloom from your own scripts" id="api-intro">
        <p>
          The public API creates songs, puts them on releases, submits them and reads your streams and royalties. Read how on the{" "}
          <Link to="/developers" reloadDocument className={link}>
            API documentation
          </Link>{" "}
          page.
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <Link to="/account/api/tokens" className={link}>
              Personal access tokens
            </Link>
            : what a script signs in with, each limited to the scopes you choose.
          </li>
          <li>
            <Link to="/account/api/webhooks" className={link}>
              Webhooks
            </Link>
            : we call your server when a song is ready, a release changes status, a store answers, royalties arrive or a withdrawal is paid.
          </li>
        </ul>
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "API · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
