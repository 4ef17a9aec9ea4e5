// /admin/faqs (FAQ viewer or actions): topics and their questions, inactive ones included. Staff with FAQ
// actions create and edit them, switch them on and off, and move them up and down (their position);
// /faqs?topic= shows the active ones in that order. Plain forms: no JavaScript needed.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AdminPage, adminCard, adminField, FieldError, Notice } from "~/components/admin/admin-ui";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { asPage } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { hasPermission } from "~/server/permissions.server";
import { createQuestion, createTopic, FaqQuestionSchema, FaqTopicSchema, listFaqsForStaff, moveFaqItem, updateQuestion, updateTopic } from "~/services/admin";
import { readFormData } from "~/utils/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, ["faq:viewer", "faq:actions"]);
  const topics = await listFaqsForStaff(db);
  return json({
    mayEdit: hasPermission(user, "faq:actions"),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    topics: topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      active: topic.active,
      questions: topic.questions.map((question) => ({ id: question.id, questionText: question.questionText, answerText: question.answerText, active: question.active, topicId: question.topicId })),
    })),
  });
}

type Errors = Record<string, string>;
function fieldErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "faq:actions");
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const formId = String(form.get("formId") ?? intent);
  const id = String(form.get("id") ?? "");
  const fields = Object.fromEntries(form);
  const fail = (errors: Errors, status = 400) => json({ formId, errors }, { status });
  let result: Awaited<ReturnType<typeof asPage<unknown>>>;
  if (intent === "create_topic" || intent === "update_topic") {
    const parsed = FaqTopicSchema.safeParse(fields);
    if (!parsed.success) return fail(fieldErrors(parsed.error));
    result = await asPage<unknown>(() => (intent === "create_topic" ? createTopic(db, parsed.data, user.id) : updateTopic(db, id, parsed.data, user.id)));
  } else if (intent === "create_question" || intent === "update_question") {
    const parsed = FaqQuestionSchema.safeParse(fields);
    if (!parsed.success) return fail(fieldErrors(parsed.error));
    result = await asPage<unknown>(() => (intent === "create_question" ? createQuestion(db, parsed.data, user.id) : updateQuestion(db, id, parsed.data, user.id)));
  } else if (intent === "move") {
    const kind = form.get("kind") === "topic" ? "topic" : "question";
    const direction = form.get("direction") === "up" ? "up" : "down";
    result = await asPage(() => moveFaqItem(db, kind, id, direction, user.id));
  } else {
    return fail({ form: "Unknown action." });
  }
  if (!result.ok) return fail({ form: result.message }, result.status);
  return redirect("/admin/faqs?saved=1");
}

function MoveButtons({ kind, id, label }: { kind: "topic" | "question"; id: string; label: string }) {
  return (
    <div className="flex gap-1">
      {(["up", "down"] as const).map((direction) => (
        <Form method="post" key={direction}>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value={direction} />
          <button type="submit" name="intent" value="move" className={buttonClass("ghost", "sm")} aria-label={`Move ${label} ${direction}`}>
            {direction === "up" ? "↑" : "↓"}
          </button>
        </Form>
      ))}
    </div>
  );
}

export default function FaqsAdmin() {
  const { topics, mayEdit, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errorsFor = (formId: string): Errors => (actionData?.formId === formId ? actionData.errors : {});
  const topicOptions = topics.map((topic) => ({ id: topic.id, name: topic.name }));
  const newTopic = errorsFor("create_topic");
  return (
    <AdminPage
      title="FAQs"
      intro={
        <>
          Active topics and questions appear on <Link to="/faqs" className="text-accent-300 underline">/faqs</Link> in this order.
        </>
      }
    >
      {saved && !actionData ? <Notice>Saved.</Notice> : null}
      {actionData?.errors.form ? <Notice tone="error">{actionData.errors.form}</Notice> : null}
      {mayEdit ? (
        <Form method="post" className={`${adminCard} flex flex-wrap items-end gap-3`} noValidate>
          <input type="hidden" name="formId" value="create_topic" />
          <div className="grid flex-1 gap-1">
            <label htmlFor="new-topic-name" className="text-sm text-slate-300">
              New topic
            </label>
            <input id="new-topic-name" name="name" className={adminField} aria-invalid={newTopic.name ? true : undefined} aria-describedby={newTopic.name ? "new-topic-name-error" : undefined} />
            <FieldError id="new-topic-name-error" message={newTopic.name} />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-300">
            <input type="checkbox" name="active" defaultChecked /> Active
          </label>
          <button type="submit" name="intent" value="create_topic" className={buttonClass("primary", "sm")}>
            Add topic
          </button>
        </Form>
      ) : null}
      {topics.length === 0 ? <p className="text-slate-300">We could not find any results.</p> : null}
      {topics.map((topic) => {
        const topicErrors = errorsFor(`topic-${topic.id}`);
        const newQuestion = errorsFor(`new-question-${topic.id}`);
        return (
          <section key={topic.id} className={`${adminCard} grid gap-4`} aria-labelledby={`topic-${topic.id}`}>
            <div className="flex flex-wrap items-center gap-3">
              <h2 id={`topic-${topic.id}`} className="text-xl font-semibold text-white">
                {topic.name}
              </h2>
              {!topic.active ? <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs text-slate-300">Inactive</span> : null}
              <Link to={`/faqs?topic=${topic.id}`} className="text-sm text-accent-300 underline">
                View on /faqs
              </Link>
              {mayEdit ? <MoveButtons kind="topic" id={topic.id} label={`topic ${topic.name}`} /> : null}
            </div>
            {mayEdit ? (
              <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
                <input type="hidden" name="formId" value={`topic-${topic.id}`} />
                <input type="hidden" name="id" value={topic.id} />
                <div className="grid flex-1 gap-1">
                  <label htmlFor={`topic-name-${topic.id}`} className="text-sm text-slate-300">
                    Topic name
                  </label>
                  <input id={`topic-name-${topic.id}`} name="name" defaultValue={topic.name} className={adminField} aria-invalid={topicErrors.name ? true : undefined} />
                  <FieldError id={`topic-name-${topic.id}-error`} message={topicErrors.name} />
                </div>
                <label className="flex items-center gap-2 text-sm text-slate-300">
                  <input type="checkbox" name="active" defaultChecked={topic.active} /> Active
                </label>
                <button type="submit" name="intent" value="update_topic" className={buttonClass("secondary", "sm")}>
                  Save topic
                </button>
              </Form>
            ) : null}
            <ol className="grid gap-3">
              {topic.questions.map((question) => {
                const questionErrors = errorsFor(`question-${question.id}`);
                return (
                  <li key={question.id} className="rounded-xl border border-ink-700 p-4">
                    {mayEdit ? (
                      <div className="grid gap-2">
                        <div className="flex items-center justify-between gap-2">
                          <p className="font-medium text-white">{question.questionText}</p>
                          <MoveButtons kind="question" id={question.id} label={`question ${question.questionText}`} />
                        </div>
                        <QuestionForm formId={`question-${question.id}`} question={question} topics={topicOptions} errors={questionErrors} />
                      </div>
                    ) : (
                      <>
                        <p className="font-medium text-white">
                          {question.questionText} {!question.active ? <span className="text-xs text-slate-400">(inactive)</span> : null}
                        </p>
                        <p className="mt-1 whitespace-pre-line text-sm text-slate-300">{question.answerText}</p>
                      </>
                    )}
                  </li>
                );
              })}
            </ol>
            {mayEdit ? (
              <details className="rounded-xl border border-dashed border-ink-600 p-4" open={Object.keys(newQuestion).length > 0}>
                <summary className="cursor-pointer text-sm text-accent-300">Add a question to {topic.name}</summary>
                <QuestionForm formId={`new-question-${topic.id}`} question={{ topicId: topic.id, questionText: "", answerText: "", active: true }} topics={topicOptions} errors={newQuestion} />
              </details>
            ) : null}
          </section>
        );
      })}
    </AdminPage>
  );
}

function QuestionForm({
  formId,
  question,
  topics,
  errors,
}: {
  formId: string;
  question: { id?: string; topicId: string; questionText: string; answerText: string; active: boolean };
  topics: { id: string; name: string }[];
  errors: Errors;
}) {
  const field = (name: string) => `${formId}-${name}`;
  return (
    <Form method="post" className="mt-2 grid gap-2" noValidate>
      <input type="hidden" name="formId" value={formId} />
      {question.id ? <input type="hidden" name="id" value={question.id} /> : null}
      <label htmlFor={field("question")} className="text-sm text-slate-300">
        Question
      </label>
      <input id={field("question")} name="questionText" defaultValue={question.questionText} className={adminField} aria-invalid={errors.questionText ? true : undefined} aria-describedby={errors.questionText ? field("question-error") : undefined} />
      <FieldError id={field("question-error")} message={errors.questionText} />
      <label htmlFor={field("answer")} className="text-sm text-slate-300">
        Answer
      </label>
      <textarea id={field("answer")} name="answerText" rows={3} defaultValue={question.answerText} className={adminField} aria-invalid={errors.answerText ? true : undefined} aria-describedby={errors.answerText ? field("answer-error") : undefined} />
      <FieldError id={field("answer-error")} message={errors.answerText} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={field("topic")} className="text-sm text-slate-300">
            Topic
          </label>
          <select id={field("topic")} name="topicId" defaultValue={question.topicId} className={adminField}>
            {topics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.name}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-300">
          <input type="checkbox" name="active" defaultChecked={question.active} /> Active
        </label>
        <button type="submit" name="intent" value={question.id ? "update_question" : "create_question"} className={buttonClass("secondary", "sm")}>
          {question.id ? "Save question" : "Add question"}
        </button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "FAQs · Songloom admin" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
