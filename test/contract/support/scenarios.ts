// Every scenario, by operationId; operations not named here are prepared generically.
import { otherScenarios } from './scenarios-other';
import { paymentScenarios } from './scenarios-payment';
import type { Scenario } from './plan';

export { createExtras } from './scenarios-other';

export const scenarios: Record<string, Scenario> = { ...paymentScenarios, ...otherScenarios };
