import type { Directory } from '../schemas/directory.ts';

/*
 * The examples of the OpenAPI document and of the documentation page are real responses of the publication, each
 * trimmed by its resource's module (resources/published.ts `example`). The two below are not published resources:
 * the directory comes with the content, the series are built per series.
 */

/**
 * The directory's first endpoints only, as the snapshot's: a parameter entry with a default (type and default
 * beside required: false) is taken by Spectral's oas3-valid-schema-example for an invalid JSON Schema inside the
 * example; the directory is served whole.
 */
export function directoryExample(directory: Directory): Directory {
  return { ...directory, endpoints: directory.endpoints.slice(0, 3) };
}

/** The request each example answers (the documentation shows it as a curl). */
export function examplePath(routePath: string): string {
  if (routePath === '/api/series/{id}') return '/api/series/tga?days=7';
  if (routePath === '/api/lens') return '/api/lens?lang=en';
  return routePath;
}
