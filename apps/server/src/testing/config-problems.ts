import { ConfigError, loadConfig } from '../config';

/** The problems `loadConfig` finds in `environment`, one line each; [] when it loads. */
export function configProblems(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
