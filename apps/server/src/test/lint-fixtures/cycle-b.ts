// The other half of the cycle in cycle-a.ts (a lint fixture).
import { first } from './cycle-a.ts';

export const second = (): string => (first.length > 0 ? 'second' : '');
