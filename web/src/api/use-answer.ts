import { useEffect, useState, type DependencyList } from 'react';

/**
 * What `load` answers, asked when the component mounts and again whenever `deps` change; null until
 * it answers. An answer that comes after the component left, or after `deps` changed (a request
 * overtaken by the next one), is dropped. `load` decides what a failure answers.
 */
export function useAnswer<T>(load: () => Promise<T>, deps: DependencyList): T | null {
  const [answer, setAnswer] = useState<T | null>(null);
  useEffect(() => {
    let current = true;
    setAnswer(null);
    void load().then((value) => current && setAnswer(value));
    return () => {
      current = false;
    };
    // The caller names what `load` depends on, as for useEffect itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return answer;
}
