/** Placeholder until the order, payment and paper screens land (a later issue). */
import { ComingSoon } from '@/components/ComingSoon';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Предпросмотр работы');
  return <ComingSoon title="Предпросмотр работы" />;
}
