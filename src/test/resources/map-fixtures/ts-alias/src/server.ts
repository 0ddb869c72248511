import { Reply, reply } from './reply';

export function serve(): Reply<string> {
  return reply('ok');
}
