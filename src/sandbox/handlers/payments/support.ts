// Response helpers the payment handlers share.

/** A text/plain response carrying a URL (or another plain string) as it is. */
export { text as plainText } from '../../context';
