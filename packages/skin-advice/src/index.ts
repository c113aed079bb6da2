/**
 * skin-advice's public entry: the one interpreter (scores, findings, profile, concerns, climate
 * and the catalogue in; recommendation, routine and report out). Rules in rules.md. Everything
 * else in src/ is internal; lint forbids deep imports.
 */
export { advise, type Advice, type AdviceInput } from './advise';
export { BASES, BOOSTERS } from './builtin-catalogue';
export { describeMeasurements, describeRefusal } from './describe';
export { activesOfStep, findRoutineConflicts } from './conflicts';
export { createCatalogue, type Catalogue } from './catalogue';
export { recommend, type RecommendInput, type RecommendOutput } from './recommend';
export { containsBannedWord } from './report';
