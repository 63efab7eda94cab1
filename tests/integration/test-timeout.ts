/**
 * Integration tests drive real servers on a shared, often busy machine: a test's time limit only guards against a
 * hang, never measures speed. Tests that need longer still pass their own limit.
 */
jest.setTimeout(90_000);
