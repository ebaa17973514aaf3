// The write side of the schema: importing this registers the Mutation root, its input, payload and
// result types, and the mutation error types.
import './errors';
import './fields';
