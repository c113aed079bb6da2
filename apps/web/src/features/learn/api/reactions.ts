import type { BlogPost, LikeResponse, SaveResponse } from '@lumiskin/contract/blog';
import { BlogMessages } from '@lumiskin/contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api, errorMessage } from '@/lib/api-client';

type Reaction = 'like' | 'save';

/** Like and reading list for one article; the open article updates at once, lists refetch. */
export function useReaction(post: BlogPost, reaction: Reaction) {
  const queryClient = useQueryClient();
  const key = ['blog', 'post', true, post.slug];
  const isOn = reaction === 'like' ? post.liked : post.saved;

  return useMutation({
    mutationFn: () => {
      const url = `/blog/posts/${encodeURIComponent(post.id)}/${reaction}`;
      return isOn
        ? api.delete<LikeResponse | SaveResponse>(url)
        : api.post<LikeResponse | SaveResponse>(url);
    },
    onMutate: () => {
      const previous = queryClient.getQueryData<BlogPost>(key);
      if (previous) {
        queryClient.setQueryData<BlogPost>(
          key,
          reaction === 'like'
            ? { ...previous, liked: !isOn, likes: Math.max(0, previous.likes + (isOn ? -1 : 1)) }
            : { ...previous, saved: !isOn },
        );
      }
      return { previous };
    },
    onSuccess: (answer) => {
      if ('likes' in answer) {
        queryClient.setQueryData<BlogPost>(
          key,
          (old) => old && { ...old, liked: answer.liked, likes: answer.likes },
        );
        toast.success(answer.liked ? BlogMessages.addedToLiked : BlogMessages.removedFromLiked);
      } else {
        queryClient.setQueryData<BlogPost>(key, (old) => old && { ...old, saved: answer.saved });
        toast.success(
          answer.saved ? BlogMessages.addedToReadingList : BlogMessages.removedFromReadingList,
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['blog', 'posts'] });
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(errorMessage(error, 'That did not work. Please try again.'));
    },
  });
}
