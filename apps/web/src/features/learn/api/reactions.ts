import type { BlogPost, LikeResponse, SaveResponse } from '@lumiskin/contract/blog';
import { BlogMessages } from '@lumiskin/contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';
import { sendOrQueue, useOutbox } from '@/lib/platform/outbox';

type Reaction = 'like' | 'save';

export const QUEUED_MESSAGE = 'Saved on this device. It will be sent when you are back online.';

const reactionPath = (post: BlogPost, reaction: Reaction) =>
  `/blog/posts/${encodeURIComponent(post.id)}/${reaction}`;

/** Whether a like or save of this article made offline is still waiting to be sent. */
export function useIsReactionPending(post: BlogPost, reaction: Reaction): boolean {
  const path = reactionPath(post, reaction);
  return useOutbox().some((entry) => entry.path === path);
}

/** Like and reading list for one article; the open article updates at once, lists refetch. */
export function useReaction(post: BlogPost, reaction: Reaction) {
  const queryClient = useQueryClient();
  const key = ['blog', 'post', true, post.slug];
  const isOn = reaction === 'like' ? post.liked : post.saved;

  return useMutation({
    // Runs offline too (the default would pause it): the outbox keeps the change for later.
    networkMode: 'always',
    // Offline, the change is kept on the device and sent in order when the connection returns
    // (lib/platform/outbox.ts); the article shows it at once, marked as waiting.
    mutationFn: () =>
      sendOrQueue<LikeResponse | SaveResponse>({
        method: isOn ? 'DELETE' : 'POST',
        path: reactionPath(post, reaction),
        label: `${reaction === 'like' ? (isOn ? 'Unlike' : 'Like') : isOn ? 'Unsave' : 'Save'} “${post.title}”`,
      }),
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
    onSuccess: (result) => {
      if (result.queued) {
        toast.info(QUEUED_MESSAGE);
        return;
      }
      const answer = result.data;
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
