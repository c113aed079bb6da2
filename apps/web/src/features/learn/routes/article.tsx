import { BookOpenIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function ArticleRoute() {
  const { slug = '' } = useParams();
  const title = slug.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) || 'Article';
  return (
    <PlaceholderPage
      icon={BookOpenIcon}
      eyebrow="Learn & Glow"
      title={title}
      description="This article is still being written. Check back soon."
    />
  );
}
