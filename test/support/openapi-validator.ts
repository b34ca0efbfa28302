import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Validates response bodies against the schemas of a served OpenAPI 3.1 document (JSON Schema 2020-12),
 * by path template, method and status.
 */
interface OpenApiDocument {
  components?: unknown;
  paths?: Record<
    string,
    { get?: { responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> } }
  >;
}

export function openApiValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
  return {
    validate(pathTemplate: string, status: number, body: unknown): string[] {
      const operation = document.paths?.[pathTemplate]?.get;
      if (!operation) return [`no GET ${pathTemplate} in the OpenAPI document`];
      const response = operation.responses?.[String(status)];
      if (!response) return [`status ${status} is not declared for GET ${pathTemplate}`];
      const schema = response.content?.['application/json']?.schema;
      if (!schema) return [`no application/json schema for ${status} of GET ${pathTemplate}`];
      const ref = String(schema.$ref ?? '').replace('#/', 'openapi.json#/');
      const check = ajv.getSchema(ref);
      if (!check) return [`cannot resolve ${schema.$ref}`];
      return check(body) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    },
  };
}
