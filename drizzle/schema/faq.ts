// Support content shown at /faqs (spec 2 §3, spec 3 §3): topics, each with ordered questions.
// Staff edit both from the admin area; inactive rows stay in the table but are not shown.
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

export const faqTopics = pgTable("faq_topics", {
  id: id(),
  name: text("name").notNull(),
  active: boolean("active").notNull().default(true),
  /** Display order, ascending. */
  position: integer("position").notNull().default(0),
  ...timestamps,
});
export type FaqTopic = typeof faqTopics.$inferSelect;
export type NewFaqTopic = typeof faqTopics.$inferInsert;

export const faqQuestions = pgTable(
  "faq_questions",
  {
    id: id(),
    questionText: text("question_text").notNull(),
    /** Plain text; blank lines separate paragraphs. */
    answerText: text("answer_text").notNull(),
    topicId: text("topic_id")
      .notNull()
      .references(() => faqTopics.id, { onDelete: "cascade" }),
    active: boolean("active").notNull().default(true),
    /** Display order within the topic, ascending. */
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [index("faq_questions_topic_position").on(table.topicId, table.position)],
);
export type FaqQuestion = typeof faqQuestions.$inferSelect;
export type NewFaqQuestion = typeof faqQuestions.$inferInsert;
