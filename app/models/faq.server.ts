// Public FAQ reads: active topics and their active questions, in display order. Anyone may read them,
// so there is no acting user; the admin area will add its own functions for editing.
import { and, asc, eq } from "drizzle-orm";
import { faqQuestions, faqTopics } from "#drizzle/schema/faq";
import { db } from "~/server/db.server";

export interface PublicFaqTopic {
  id: string;
  name: string;
  questions: { id: string; question: string; answer: string }[];
}

/** Every active topic with its active questions; topics without any are left out. */
export async function listPublicFaqs(): Promise<PublicFaqTopic[]> {
  const rows = await db
    .select({
      topicId: faqTopics.id,
      topicName: faqTopics.name,
      id: faqQuestions.id,
      question: faqQuestions.questionText,
      answer: faqQuestions.answerText,
    })
    .from(faqTopics)
    .innerJoin(faqQuestions, and(eq(faqQuestions.topicId, faqTopics.id), eq(faqQuestions.active, true)))
    .where(eq(faqTopics.active, true))
    .orderBy(asc(faqTopics.position), asc(faqTopics.name), asc(faqQuestions.position), asc(faqQuestions.id));

  const topics = new Map<string, PublicFaqTopic>();
  for (const row of rows) {
    let topic = topics.get(row.topicId);
    if (!topic) {
      topic = { id: row.topicId, name: row.topicName, questions: [] };
      topics.set(row.topicId, topic);
    }
    topic.questions.push({ id: row.id, question: row.question, answer: row.answer });
  }
  return [...topics.values()];
}
