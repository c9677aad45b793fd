import { NotFoundView } from '../../components/NotFoundView';

export { NOT_FOUND_TITLE } from '../../components/NotFoundView';

export default function NotFoundPage() {
  return <NotFoundView />;
}
