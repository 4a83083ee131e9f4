/**
 * Renderer. The Locations, Groups and Seats panels beside the assessment editor: places with their
 * address and capacity, groups with a count and an expandable list of named learners, seats by
 * place. Long lists scroll inside their panel; nothing here can widen the page.
 */
import type { Assessment } from '../../../../src-shared/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { humanize } from '../../lib/format.ts';
import { groupMembers, LEARNER_STATUS_TONES, seatsByLocation, type Person } from './people.ts';
import { t } from '../../lib/i18n.ts';

type Location = NonNullable<Assessment['locations']>[number];
type Group = NonNullable<Assessment['groups']>[number];
type Seat = NonNullable<Assessment['seats']>[number];

/** Lists longer than this start folded. */
const OPEN_UP_TO = 6;

function StatusChip({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return <Badge tone={LEARNER_STATUS_TONES[status] ?? 'neutral'}>{humanize(status)}</Badge>;
}

function PersonLine({ person }: { person: Person }) {
  return (
    <li className="person" data-testid="person">
      <span className="person-name" dir="auto">
        {person.name}
      </span>
      <StatusChip status={person.status} />
      {person.email && (
        <span className="person-email" dir="auto">
          {person.email}
        </span>
      )}
    </li>
  );
}

export function LocationsPanel({ locations }: { locations: readonly Location[] }) {
  return (
    <section className="details-section" aria-labelledby="panel-locations" data-testid="locations-panel">
      <h2 id="panel-locations">
        {t({ id: 'assessments.peoplePanels.locations', defaultMessage: 'Locations' })}{' '}
        {locations.length > 0 && <span className="muted">({locations.length})</span>}
      </h2>
      {locations.length === 0 ? (
        <p className="muted">
          {t({
            id: 'assessments.peoplePanels.noPlacesSetForThis',
            defaultMessage: 'No places set for this assessment.',
          })}
        </p>
      ) : (
        <ul className="place-list">
          {locations.map((location, index) => (
            <li key={location.id ?? index} className="place">
              <div className="place-line">
                <strong dir="auto">
                  {location.name || t({ id: 'assessments.peoplePanels.unnamedPlace', defaultMessage: 'Unnamed place' })}
                </strong>
                {typeof location.capacity === 'number' && (
                  <Badge>
                    {t(
                      {
                        id: 'assessments.peoplePanels.seatsCount',
                        defaultMessage: '{count, plural, one {# seat} other {# seats}}',
                      },
                      { count: location.capacity },
                    )}
                  </Badge>
                )}
              </div>
              <div className="place-address" dir="auto">
                {location.address ||
                  t({ id: 'assessments.peoplePanels.noAddressGiven', defaultMessage: 'No address given' })}
              </div>
              {location.description && (
                <div className="muted" dir="auto">
                  {location.description}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function GroupsPanel({ groups }: { groups: readonly Group[] }) {
  return (
    <section className="details-section" aria-labelledby="panel-groups" data-testid="groups-panel">
      <h2 id="panel-groups">
        {t({ id: 'assessments.peoplePanels.groups', defaultMessage: 'Groups' })}{' '}
        {groups.length > 0 && <span className="muted">({groups.length})</span>}
      </h2>
      {groups.length === 0 ? (
        <p className="muted">
          {t({
            id: 'assessments.peoplePanels.noGroupsTakeThisAssessment',
            defaultMessage: 'No groups take this assessment yet.',
          })}
        </p>
      ) : (
        <ul className="place-list">
          {groups.map((group, index) => {
            const members = groupMembers(group);
            return (
              <li key={group.id ?? index} className="group" data-testid="group">
                <div className="group-line">
                  <strong dir="auto">
                    {group.name || t({ id: 'assessments.peoplePanels.unnamedGroup', defaultMessage: 'Unnamed group' })}
                  </strong>
                  <Badge tone="accent">
                    {t(
                      {
                        id: 'assessments.peoplePanels.learnersCount',
                        defaultMessage: '{count, plural, one {# learner} other {# learners}}',
                      },
                      { count: members.length },
                    )}
                  </Badge>
                </div>
                {group.description && (
                  <div className="muted" dir="auto">
                    {group.description}
                  </div>
                )}
                {members.length > 0 && (
                  <details open={members.length <= OPEN_UP_TO}>
                    <summary>
                      {members.length <= OPEN_UP_TO
                        ? t({ id: 'assessments.peoplePanels.learners', defaultMessage: 'Learners' })
                        : t(
                            {
                              id: 'assessments.peoplePanels.showAllLearners',
                              defaultMessage: 'Show all {count} learners',
                            },
                            { count: members.length },
                          )}
                    </summary>
                    <ul
                      className="people-list"
                      aria-label={t(
                        { id: 'assessments.peoplePanels.learnersIn', defaultMessage: 'Learners in {value}' },
                        { value: group.name || 'this group' },
                      )}
                    >
                      {members.map((person) => (
                        <PersonLine key={person.key} person={person} />
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** One seat: its number, who sits there (their own name, laid out by its own letters), their status. */
function SeatLine({ seat }: { seat: Seat }) {
  const learner = seat.learner as Partial<Seat['learner']> | undefined;
  const name =
    learner?.full_name ||
    learner?.email ||
    t({ id: 'assessments.peoplePanels.unnamedLearner', defaultMessage: 'Unnamed learner' });
  return (
    <li className="person" data-testid="seat">
      <span className="seat-number">{seat.seat_number || '—'}</span>
      <span className="person-name" dir="auto">
        {name}
      </span>
      <StatusChip status={learner?.status} />
      {learner?.email && learner.email !== name && (
        <span className="person-email" dir="auto">
          {learner.email}
        </span>
      )}
    </li>
  );
}

export function SeatsPanel({ seats }: { seats: readonly Seat[] }) {
  const byPlace = seatsByLocation(seats);
  return (
    <section className="details-section" aria-labelledby="panel-seats" data-testid="seats-panel">
      <h2 id="panel-seats">
        {t({ id: 'assessments.peoplePanels.seats', defaultMessage: 'Seats' })}{' '}
        {seats.length > 0 && (
          <span className="muted">
            {t(
              {
                id: 'assessments.peoplePanels.seatsAssignedCount',
                defaultMessage: '({count, plural, one {# seat} other {# seats}} assigned)',
              },
              { count: seats.length },
            )}
          </span>
        )}
      </h2>
      {seats.length === 0 ? (
        <p className="muted">
          {t({ id: 'assessments.peoplePanels.noSeatsAssignedYet', defaultMessage: 'No seats assigned yet.' })}
        </p>
      ) : (
        <ul className="place-list">
          {byPlace.map((place) => (
            <li key={place.location} className="group">
              <div className="group-line">
                <strong dir="auto">{place.location}</strong>
                <Badge>
                  {t(
                    {
                      id: 'assessments.peoplePanels.seatsCount',
                      defaultMessage: '{count, plural, one {# seat} other {# seats}}',
                    },
                    { count: place.seats.length },
                  )}
                </Badge>
              </div>
              <details open={place.seats.length <= OPEN_UP_TO}>
                <summary>
                  {place.seats.length <= OPEN_UP_TO
                    ? t({ id: 'assessments.peoplePanels.whoSitsWhere', defaultMessage: 'Who sits where' })
                    : t(
                        { id: 'assessments.peoplePanels.showAllSeats', defaultMessage: 'Show all {count} seats' },
                        { count: place.seats.length },
                      )}
                </summary>
                <ul
                  className="people-list"
                  aria-label={t(
                    { id: 'assessments.peoplePanels.seatsIn', defaultMessage: 'Seats in {location}' },
                    { location: place.location },
                  )}
                >
                  {place.seats.map((seat, index) => (
                    <SeatLine key={seat.id ?? index} seat={seat} />
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
