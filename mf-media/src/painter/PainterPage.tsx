import { observer } from 'mobx-react-lite';
import { PainterForm } from './form/PainterForm';
import { TaskList } from './tasks/TaskList';
import styles from './painter.module.css';

/** AI绘画: the form beside (phones: above) the user's tasks. */
export const PainterPage = observer(function PainterPage() {
  return (
    <div className={styles.painter} data-testid="painter">
      <PainterForm />
      <TaskList />
    </div>
  );
});
