// The payment area: every handler module of transactions and what is attached to them.
import './transactions';
import './processing';
import './completions';
import './refunds-invoices';
import './tokens';
import './credentials';
