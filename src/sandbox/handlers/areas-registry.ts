// Imports every area module that registers specific handlers (life cycles, documents, actions).
// Import order does not matter: each module registers distinct operationIds.
import './areas';
import './payments';
import './i18n';
