// XSD validation of DDEX messages (issue 18 §3) with libxml2 compiled to WebAssembly (libxml2-wasm;
// docs/decisions/025-distribution-delivery.md): the same validator on every machine, no xmllint binary.
// The ERN 4.3 schema (the official DDEX files, copied into ern43/) is compiled once per process, about
// 80 ms; each message then validates in a few milliseconds.
import path from "node:path";
import { readFileSync } from "node:fs";
import { XmlDocument, XmlValidateError, XsdValidator } from "libxml2-wasm";
import { xmlRegisterFsInputProviders } from "libxml2-wasm/lib/nodejs.mjs";

const SCHEMA = path.resolve(process.cwd(), "app/services/distribution/ern43/release-notification.xsd");

let validator: XsdValidator | null = null;

function schemaValidator(): XsdValidator {
  if (validator) return validator;
  // The schema imports allowed-value-sets.xsd beside it: libxml2 reads it through the file system.
  xmlRegisterFsInputProviders();
  const schema = XmlDocument.fromBuffer(readFileSync(SCHEMA), { url: SCHEMA });
  try {
    validator = XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  return validator;
}

export type ValidationResult = { valid: true } | { valid: false; errors: string[] };

/** Validates an ERN 4.3 NewReleaseMessage against release-notification.xsd. Never throws for bad input. */
export function validateErn(xml: string): ValidationResult {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml);
  } catch (error) {
    return { valid: false, errors: [`Not well-formed XML: ${(error as Error).message.trim()}`] };
  }
  try {
    schemaValidator().validate(document);
    return { valid: true };
  } catch (error) {
    if (error instanceof XmlValidateError) {
      return { valid: false, errors: error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`) };
    }
    throw error;
  } finally {
    document.dispose();
  }
}
