import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { useVideoStore } from './videoContext';
import { VideoForm } from './VideoForm';
import { VideoTaskList } from './VideoTaskList';
import styles from './video.module.css';

/** AI视频 (/videoPage): the form beside (phones: above) the user's videos; polls while tasks run and the page is seen. */
export const VideoPage = observer(function VideoPage() {
  const store = useVideoStore();
  const requested = useSearchParams()[0].get('model');
  useEffect(() => {
    if (requested) store.requestModel(requested);
  }, [requested, store]);
  useEffect(() => {
    store.setShown(true);
    const onVisibility = () => store.setVisible(document.visibilityState !== 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      store.setShown(false);
    };
  }, [store]);
  return (
    <div className={styles.video} data-testid="video-page">
      <VideoForm />
      <VideoTaskList />
    </div>
  );
});
