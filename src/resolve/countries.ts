// Countries as people name them in their own language. These are not matched silently
// (a register's "Deutschland" may be a typo for something else as far as we know), but
// they make the suggestion: "country 'Deutschland' not found; did you mean 'Germany'?"
import { compactName } from '../map/normalize.js';

/** Endonym → ISO 3166 numeric code. */
const ENDONYMS: Record<string, number> = {
  deutschland: 276,
  osterreich: 40,
  schweiz: 756,
  suisse: 756,
  svizzera: 756,
  espana: 724,
  italia: 380,
  nederland: 528,
  belgie: 56,
  belgique: 56,
  sverige: 752,
  norge: 578,
  danmark: 208,
  suomi: 246,
  polska: 616,
  cesko: 203,
  ceskarepublika: 203,
  magyarorszag: 348,
  eire: 372,
  hellas: 300,
  ellada: 300,
  portugal: 620,
  brasil: 76,
  mexico: 484,
  nippon: 392,
  nihon: 392,
  zhongguo: 156,
  bharat: 356,
  rossiya: 643,
  turkiye: 792,
  hrvatska: 191,
  slovensko: 703,
  slovenija: 705,
  lietuva: 440,
  latvija: 428,
  eesti: 233,
  romania: 642,
  bulgaria: 100,
  srbija: 688,
};

export function endonymCode(text: string): number | undefined {
  return ENDONYMS[compactName(text)];
}
