// Registers the handlers of the subscription, customer, back-office, document, export and IBAN areas.
import './subscriptions';
import './subscription-billing';
import './customers';
import './comments';
import './back-office';
import './documents';
import './export';
import './iban';
