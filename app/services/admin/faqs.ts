// FAQ topics and questions for staff (spec 3 §3: topic name, active, position; question question_text,
// answer_text, topic_id, active, position): list everything (inactive too), create, edit, move. /faqs
// shows the active ones in position order (app/models/faq.server.ts). Every change is audited.
import { and, asc, eq, gt, lt, desc, max } from "drizzle-orm";
import { z } from "zod";
import { faqQuestions, faqTopics } from "#drizzle/schema/faq";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

const text = (label: string, maxLength: number) =>
  z
    .string({ message: `Enter the ${label}.` })
    .trim()
    .min(1, { message: `Enter the ${label}.` })
    .max(maxLength, { message: `Use at most ${maxLength} characters.` })
    .regex(/^[^\u0000]*$/, { message: "Contains a character that is not allowed." });

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const FaqTopicSchema = z.object({ name: text("topic name", 120), active: checkbox });
export const FaqQuestionSchema = z.object({
  topicId: z.string().min(1, { message: "Choose a topic." }).max(64),
  questionText: text("question", 300),
  answerText: text("answer", 5000),
  active: checkbox,
});

export async function listFaqsForStaff(db: Db) {
  const topics = await db.select().from(faqTopics).orderBy(asc(faqTopics.position), asc(faqTopics.name));
  const questions = await db.select().from(faqQuestions).orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
  return topics.map((topic) => ({ ...topic, questions: questions.filter((question) => question.topicId === topic.id) }));
}

export async function createTopic(db: Db, input: z.output<typeof FaqTopicSchema>, actorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(faqTopics.position) }).from(faqTopics);
    const [topic] = await tx.insert(faqTopics).values({ ...input, position: (last ?? -1) + 1 }).returning();
    await recordAdminAction(tx, { actorId, action: "faq_topic_created", targetType: "faq_topic", targetId: topic.id, after: input });
    return topic.id;
  });
}

export async function updateTopic(db: Db, topicId: string, input: z.output<typeof FaqTopicSchema>, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [topic] = await tx.select().from(faqTopics).where(eq(faqTopics.id, topicId));
    if (!topic) throw new AdminActionError(404, "not_found", "No such topic.");
    await tx.update(faqTopics).set(input).where(eq(faqTopics.id, topicId));
    await recordAdminAction(tx, { actorId, action: "faq_topic_updated", targetType: "faq_topic", targetId: topicId, before: { name: topic.name, active: topic.active }, after: input });
  });
}

export async function createQuestion(db: Db, input: z.output<typeof FaqQuestionSchema>, actorId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [topic] = await tx.select({ id: faqTopics.id }).from(faqTopics).where(eq(faqTopics.id, input.topicId));
    if (!topic) throw new AdminActionError(404, "not_found", "No such topic.");
    const [{ last }] = await tx.select({ last: max(faqQuestions.position) }).from(faqQuestions).where(eq(faqQuestions.topicId, input.topicId));
    const [question] = await tx.insert(faqQuestions).values({ ...input, position: (last ?? -1) + 1 }).returning();
    await recordAdminAction(tx, { actorId, action: "faq_question_created", targetType: "faq_question", targetId: question.id, after: input });
    return question.id;
  });
}

export async function updateQuestion(db: Db, questionId: string, input: z.output<typeof FaqQuestionSchema>, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [question] = await tx.select().from(faqQuestions).where(eq(faqQuestions.id, questionId));
    if (!question) throw new AdminActionError(404, "not_found", "No such question.");
    const [topic] = await tx.select({ id: faqTopics.id }).from(faqTopics).where(eq(faqTopics.id, input.topicId));
    if (!topic) throw new AdminActionError(404, "not_found", "No such topic.");
    const moved = input.topicId !== question.topicId;
    const position = moved ? ((await tx.select({ last: max(faqQuestions.position) }).from(faqQuestions).where(eq(faqQuestions.topicId, input.topicId)))[0].last ?? -1) + 1 : question.position;
    await tx.update(faqQuestions).set({ ...input, position }).where(eq(faqQuestions.id, questionId));
    const { questionText, answerText, topicId, active } = question;
    await recordAdminAction(tx, { actorId, action: "faq_question_updated", targetType: "faq_question", targetId: questionId, before: { questionText, answerText, topicId, active }, after: input });
  });
}

/** Swaps positions with the neighbour above (`up`) or below, among topics or within a question's topic. */
export async function moveFaqItem(db: Db, kind: "topic" | "question", id: string, direction: "up" | "down", actorId: string): Promise<void> {
  await db.transaction(async (tx: Tx) => {
    const table = kind === "topic" ? faqTopics : faqQuestions;
    const [item] = await tx.select({ id: table.id, position: table.position }).from(table).where(eq(table.id, id));
    if (!item) throw new AdminActionError(404, "not_found", `No such ${kind}.`);
    const scope = kind === "question" ? eq(faqQuestions.topicId, (await tx.select({ topicId: faqQuestions.topicId }).from(faqQuestions).where(eq(faqQuestions.id, id)))[0].topicId) : undefined;
    const [neighbour] = await tx
      .select({ id: table.id, position: table.position })
      .from(table)
      .where(and(scope, direction === "up" ? lt(table.position, item.position) : gt(table.position, item.position)))
      .orderBy(direction === "up" ? desc(table.position) : asc(table.position))
      .limit(1);
    if (!neighbour) return;
    await tx.update(table).set({ position: neighbour.position }).where(eq(table.id, item.id));
    await tx.update(table).set({ position: item.position }).where(eq(table.id, neighbour.id));
    await recordAdminAction(tx, { actorId, action: `faq_${kind}_moved`, targetType: `faq_${kind}`, targetId: id, before: { position: item.position }, after: { position: neighbour.position } });
  });
}
