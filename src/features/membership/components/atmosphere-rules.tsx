import { Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import { useAtmosphereRules } from '../hooks/use-atmosphere';
import { membershipTexts } from '../texts';
import { ATMOSPHERE_ANCHOR } from '../anchors';
import styles from './atmosphere-rules.module.css';

const texts = membershipTexts.atmosphere;

/** How the atmosphere value is earned, from `GET /api/atmosphere/rules`. */
export function AtmosphereRules() {
  const { data, error } = useAtmosphereRules();
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const loaded = Boolean(data);

  // The router does not scroll to an anchor, and the rules arrive after the first paint.
  useEffect(() => {
    if (loaded && hash === `#${ATMOSPHERE_ANCHOR}`) sectionRef.current?.scrollIntoView();
  }, [loaded, hash]);

  return (
    <section
      ref={sectionRef}
      id={ATMOSPHERE_ANCHOR}
      className={styles.section}
      aria-labelledby="atmosphere-rules-title"
    >
      <h2 id="atmosphere-rules-title" className={styles.title}>
        <Sparkles size={20} aria-hidden="true" />
        {texts.rulesTitle}
      </h2>
      <p className={styles.lead}>{texts.rulesLead}</p>
      {data ? (
        <>
          <ul className={styles.rules}>
            {data.rules.map((rule) => (
              <li key={rule.kind} className={styles.rule}>
                <span className={styles.points}>
                  {fillText(texts.points, { points: rule.points })}
                </span>
                <div className={styles.body}>
                  <p className={styles.name}>
                    {rule.title}
                    <span className={styles.limit}>
                      {fillText(texts.dailyLimit, { limit: rule.dailyLimit })}
                    </span>
                  </p>
                  <p className={styles.description}>{rule.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <ul className={styles.notes}>
            {data.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : error ? (
        <p className={styles.failed} role="alert">
          {texts.loadFailed}
        </p>
      ) : (
        <div className={styles.skeleton} aria-busy="true" />
      )}
    </section>
  );
}
