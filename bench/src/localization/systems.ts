import type { LocalizationSystem } from './run-localization.js'

/** The ranking systems measured besides the baselines and peers: none yet. */
export function localizationSystems(): LocalizationSystem[] {
  return []
}
