/** Reviews seeded before the tests (the infinite-scroll test needs more than two pages). */
export const SEEDED_REVIEWS = 45;
export const PASSWORD = 'Secret_pass1';
